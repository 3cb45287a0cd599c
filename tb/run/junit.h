/*
 * junit.h - JUnit XML from a results file.
 *
 * The XML follows the profile most CI systems read (Jenkins JUnit plugin,
 * GitLab unit-test reports, the xunit "junit-10" schema):
 *
 *   <testsuites name="texcosim" tests failures errors skipped time>
 *     <testsuite name=FILE tests failures errors skipped time timestamp hostname>
 *       <testcase classname=FILE name=ID time>
 *         <properties> line, seed, tb settings, shard, steps, cycles </properties>
 *         <failure message type>report</failure>   (or <error ...>)
 *         <system-out>reproduce: COMMAND</system-out>
 *       </testcase>
 *
 * One testsuite per vector file, one testcase per vector; "error" lines of
 * the results file (bad input) become testcases with an <error>.
 */
#ifndef TX_JUNIT_H
#define TX_JUNIT_H

#include <stddef.h>

/* Read `results` (a results file) and write `xml`, through a temporary file
 * renamed at the end.  Returns 0, or -1 with a message in err. */
int junit_write(const char *xml, const char *results, char *err, size_t errlen);

#endif

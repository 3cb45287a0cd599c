/* modelcmd.h - `texcosim model FILE`: run the model alone. */
#ifndef TX_MODELCMD_H
#define TX_MODELCMD_H
int cmd_model(int argc, char **argv);
#endif

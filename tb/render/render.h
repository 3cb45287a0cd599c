/*
 * render.h - `texcosim render`: sample a generated texture through the
 * lockstep harness, one TLDS per 32 pixels, and write what the model and the
 * RTL returned as PNG images (model.png, rtl.png, diff.png).
 */
#ifndef TX_RENDER_H
#define TX_RENDER_H

int cmd_render(int argc, char **argv);

#endif

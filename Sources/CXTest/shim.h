#ifndef SEGMENTED_STRIP_CXTEST_SHIM_H
#define SEGMENTED_STRIP_CXTEST_SHIM_H
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#endif

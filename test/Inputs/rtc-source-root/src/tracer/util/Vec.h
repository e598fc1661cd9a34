#pragma once
#include "Globals.h"
DEVICE inline float twice(float v) { return 2 * v; }

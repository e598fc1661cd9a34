#pragma once
#include "b.cuh"

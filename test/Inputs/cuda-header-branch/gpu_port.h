// A project header read only from the HIP branch of its includer.
#pragma once
// Not guarded here: its includer chose the branch.
#include <cublas_v2.h>

#pragma once
__global__ void inSubfolder() {}

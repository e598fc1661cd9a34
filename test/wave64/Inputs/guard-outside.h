#pragma once
__global__ void outsideTheFolder() {}

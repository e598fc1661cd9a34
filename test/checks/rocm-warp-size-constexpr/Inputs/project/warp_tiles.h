// A project header: its findings show with -header-filter.
#pragma once
constexpr int kHeaderLanes = warpSize;

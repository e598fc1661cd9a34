// Fake installed HIP for the tests: the version of Debian's libamdhip64-dev.
#define HIP_VERSION_MAJOR 5
#define HIP_VERSION_MINOR 2
#define HIP_VERSION_PATCH 0
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)

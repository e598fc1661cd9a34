# Included by Makefile: its flags reach the HIP compile there.
COMMON_FLAGS = -O2 --expt-extended-lambda

// Stand-in for rocThrust.

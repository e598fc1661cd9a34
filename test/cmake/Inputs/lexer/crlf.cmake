project(x)
set(X "a\
b")

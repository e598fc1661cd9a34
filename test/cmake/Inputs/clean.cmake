project(clean LANGUAGES CXX HIP)
find_package(hip REQUIRED)
add_executable(app main.hip)
target_link_libraries(app PRIVATE hip::host)

// A project header at a path that ends like a toolkit header.

include(":convention")

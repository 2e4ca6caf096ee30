includeBuild("../project-config")
include(":convention")

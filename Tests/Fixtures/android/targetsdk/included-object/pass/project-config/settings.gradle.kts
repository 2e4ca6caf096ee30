rootProject.name = "project-config"

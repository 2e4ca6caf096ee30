plugins {
  `kotlin-dsl`
}

dependencies {
  implementation("com.google.apis:google-api-services-androidpublisher:v3-rev20230406-2.0.0")
}

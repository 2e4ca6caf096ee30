plugins {
    id("com.android.application")
}

dependencies {
    implementation(platform("com.google.firebase:firebase-bom:33.1.0"))
    implementation("com.google.firebase:firebase-analytics")
    implementation(libs.okhttp)
    testImplementation("junit:junit:4.13.2")
}

// The phone app reads its targetSdk from here; 35 is below the phone level (36) but at the Wear OS one (35).
object Versions {
    const val MIN_SDK = 24
    const val TARGET_SDK = 35
}

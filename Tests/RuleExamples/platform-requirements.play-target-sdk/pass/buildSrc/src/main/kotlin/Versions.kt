// The phone app targets 36; the Wear OS module's 35 meets the Wear OS level and must not be judged as a phone's.
object Versions {
    const val MIN_SDK = 24
    const val TARGET_SDK = 36
}

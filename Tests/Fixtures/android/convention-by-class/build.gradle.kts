plugins {
  id("com.android.application") apply false
}

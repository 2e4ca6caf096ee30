package com.example.reader

import android.app.Activity
import android.net.Uri
import androidx.browser.customtabs.CustomTabsIntent

/** Signs in to the user's instance with OAuth in a Custom Tab; the redirect comes back to the app. */
class LoginActivity : Activity() {
    fun signIn(instance: String) {
        val uri = Uri.parse("https://$instance/oauth/authorize?response_type=code&client_id=reader")
        CustomTabsIntent.Builder().build().launchUrl(this, uri)
    }
}

package com.example.reader

import android.app.Activity
import android.net.Uri
import androidx.browser.customtabs.CustomTabsIntent

/** Opens the help pages in a Custom Tab. */
class AboutActivity : Activity() {
    fun openHelp() {
        CustomTabsIntent.Builder().build().launchUrl(this, Uri.parse("https://example.com/help"))
    }
}

package com.example.tally.widget

import android.app.Service
import android.content.Intent
import android.os.IBinder

/** Refreshes the home-screen widget in the background; never a foreground service. */
class WidgetUpdateService : Service() {
    override fun onBind(intent: Intent?): IBinder? = null
}

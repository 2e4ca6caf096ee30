package com.example.tally.sync

import android.app.Service
import android.content.Intent
import android.os.IBinder

/** Uploads the day's tallies while the user watches the progress notification. */
class SyncService : Service() {
    override fun onStartCommand(intent: Intent?, flags: Int, startId: Int): Int {
        SyncNotification(this).show()
        return START_NOT_STICKY
    }

    override fun onBind(intent: Intent?): IBinder? = null
}

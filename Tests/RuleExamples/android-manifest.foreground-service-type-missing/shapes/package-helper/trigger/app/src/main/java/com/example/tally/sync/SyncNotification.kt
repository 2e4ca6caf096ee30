package com.example.tally.sync

import android.app.Notification
import android.app.Service

/** The progress notification that keeps the sync running in the foreground. */
class SyncNotification(private val service: Service) {
    fun show() {
        service.startForeground(1, Notification.Builder(service, "sync").build())
    }
}

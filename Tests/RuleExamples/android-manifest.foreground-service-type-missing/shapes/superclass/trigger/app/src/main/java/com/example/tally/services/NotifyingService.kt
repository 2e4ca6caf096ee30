package com.example.tally.services

import android.app.Notification
import android.app.Service
import android.content.Intent
import android.os.IBinder

/** The base of the services that show a notification; subclasses go to the foreground through it. */
abstract class NotifyingServiceParam<T> : Service() {
    protected fun showInForeground(id: Int, notification: Notification) {
        startForeground(id, notification)
    }

    override fun onBind(intent: Intent?): IBinder? = null
}

abstract class NotifyingService : NotifyingServiceParam<Unit>()

package com.example.tally

import android.app.admin.DeviceAdminReceiver

// Locks the screen on request: a device administrator.
class LockReceiver : DeviceAdminReceiver()

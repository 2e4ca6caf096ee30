package com.example.tally

import android.net.VpnService

// Routes the device's traffic through the app: Play's VpnService policy applies.
class TunnelService : VpnService() {
    fun open() = Builder().addAddress("10.0.0.2", 32).establish()
}

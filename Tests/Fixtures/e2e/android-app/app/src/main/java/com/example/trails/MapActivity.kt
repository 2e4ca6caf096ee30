package com.example.trails

import android.os.Bundle
import androidx.appcompat.app.AppCompatActivity

/** Shows the trails near the user; no account, nothing leaves the device. */
class MapActivity : AppCompatActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setContentView(R.layout.activity_map)
    }
}

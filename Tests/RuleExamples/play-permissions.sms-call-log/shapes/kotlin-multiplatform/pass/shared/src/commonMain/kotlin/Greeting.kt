package com.example.tally.shared

fun greeting(): String = "Tally"

package com.example

object AppVersions {
    const val TARGET = 35
}

package com.acme.tally

const val POLICY = "https://tally.example.com/legal/privacy-policy.html"

package com.example

import com.google.firebase.auth.FirebaseAuth

class SignUpActivity {
    private val auth = FirebaseAuth.getInstance()

    fun signUp(email: String, password: String) {
        auth.createUserWithEmailAndPassword(email, password)
    }
}

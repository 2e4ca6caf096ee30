package com.example.tally.services

/** A notifying service that stops when the tally book is locked. */
abstract class LockedServiceParam<T> : NotifyingServiceParam<T>() {
    open fun onLocked() = stopSelf()
}

typealias LockedService = LockedServiceParam<Unit>

// Free space of the volume that holds the vault, on Apple platforms.
use std::os::fd::RawFd;

#[cfg(target_vendor = "apple")]
pub fn free_bytes(fd: RawFd) -> std::io::Result<u64> {
    let mut stat = std::mem::MaybeUninit::<libc::statfs>::uninit();
    if unsafe { libc::fstatfs(fd, stat.as_mut_ptr()) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    let stat = unsafe { stat.assume_init() };
    Ok(stat.f_bavail as u64 * stat.f_bsize as u64)
}

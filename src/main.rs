//! The `iotile` command; everything lives in the library.

fn main() -> std::process::ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    std::process::ExitCode::from(iotile::with_deep_stack(move || iotile::run(args)) as u8)
}

//! The `iotile` command; everything lives in the library.

fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(iotile::run(std::env::args_os()) as u8)
}

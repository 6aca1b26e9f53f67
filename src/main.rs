//! The `hexstack` command: all of it is in the library, [`hexstack::main`].

fn main() -> std::process::ExitCode {
    hexstack::main()
}

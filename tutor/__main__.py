"""`python -m tutor` runs the same entry point as the `tutor` command."""

from tutor.cli.main import main

if __name__ == "__main__":
    main()

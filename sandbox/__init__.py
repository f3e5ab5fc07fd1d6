"""The sandbox: the production bot on the loopback Discord (`fakediscord/`), with a web page on
127.0.0.1 that looks and works like a Discord channel. `python -m sandbox` (what
`scripts/run.sh` starts without a DISCORD_TOKEN) runs it; the settings are in `settings.py`."""

"""serve-attacks.py's parts: `probe` starts and watches the server and makes the normal
requests; `attacks` holds issue 36's attacks on it."""

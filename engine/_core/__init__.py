"""The core's plumbing: which core loads (``finder``: ``PAIXING_PURE=1`` loads the sources where
the compiled modules are installed) and which one runs (``report``). Only the standard library.
"""

"""The rules engine: cards, variants (flags and presets), the bitmask hot path, legal plays
with their reasons, a whole hand and a match. It knows no words and never imports
Streamlit: errors carry a code and data, and :mod:`tute_tutor.words` turns them into text.
"""

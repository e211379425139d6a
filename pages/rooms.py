"""Page: play with friends. Open a room, share its link, code or QR code, and play one
match with the computer in the empty seats."""

from tute_tutor.ui.rooms import render_rooms_page

render_rooms_page()

"""The reading kit every room's reader uses (not a room): amounts in every number style (amounts.py), cards
in the rooms' spellings and the clients' languages (cards.py), and the reader's skeleton (reader.py). A number
style or a language learnt here is learnt for every room."""

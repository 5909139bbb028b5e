"""Tests of the reader, splitter and PokerStars parser."""

"""Sourcefinder: an organization's reference librarian for agents and newcomers."""

"""Serving a school: a throwaway or local PostgreSQL, Streamlit replicas and nginx in front.

Nothing here imports Streamlit: the replicas are separate ``streamlit run`` processes.
"""

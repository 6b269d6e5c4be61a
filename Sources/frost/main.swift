print("frost")
